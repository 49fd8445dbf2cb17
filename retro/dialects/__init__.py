"""The I/O semantics of each original language runtime, one module per language.

A dialect owns the language's quirks (how gfortran reads ``3 3`` into two
integers, how Microsoft BASIC prints a number); a port owns its program's.
Each rule cites the runtime source or manual it follows.
"""
