"""The golden sessions, ``<program id>/<case>.txt`` (and the learner's data
files they name).  Kept here at the top of the repository; the build installs
this folder as the package ``retro.transcripts`` (setup.py), so that an
installed retro finds them through importlib.resources (retro/resources.py)."""
