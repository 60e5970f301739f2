"""The applications, at the top: the command line, terminal play, the web app.

Each is a thin layer over the public API: it reads its input through
:mod:`matchgame.readers.inputs`, asks the games, and writes through
:mod:`matchgame.writers` and :mod:`matchgame.draw`.
"""
