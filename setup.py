"""The one build setting setup.cfg cannot say: transcripts/, the golden
sessions kept at the top of the repository, ships inside the package as
``retro.transcripts`` (read through importlib.resources, retro/resources.py).
Everything else is in setup.cfg."""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["retro", "retro.*", "ports", "ports.*"]) + ["retro.transcripts"],
    package_dir={"retro.transcripts": "transcripts"},
    package_data={"retro.transcripts": ["*/*.txt", "*/*.data"]},
)
