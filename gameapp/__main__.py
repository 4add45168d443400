import sys

from gameapp.cli import main

sys.exit(main())
