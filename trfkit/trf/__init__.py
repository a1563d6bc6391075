"""Reading and writing TRF: bytes to the model and back (decode, reader, transformer, writer)."""
