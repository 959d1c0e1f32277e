"""python -m deploy.cluster up | down | promote | async-commit (as root)."""

import sys

from .cluster import main

sys.exit(main(sys.argv[1:]))
