"""`python -m fenpai.cli`."""

import sys

from fenpai.cli import main

sys.exit(main())
