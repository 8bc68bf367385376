"""``python -m studkit`` runs the command line."""

import sys

from studkit.cli import main

sys.exit(main())
