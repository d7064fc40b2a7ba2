//! Words: pure functions from a table view and a locale to text (board, private cards,
//! prompts, results, history) in English, Spanish and Indonesian.
