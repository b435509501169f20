import signal
import sys

from service.cli import main

# `python -m service check … | head` should end quietly, like any Unix tool.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)
sys.exit(main())
