"""One module per ``trfkit`` sub-command: ``add_arguments(parser)`` and ``run(args)``."""
