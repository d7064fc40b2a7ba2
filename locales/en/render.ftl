# render messages
