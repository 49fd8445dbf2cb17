"""The one build setting setup.cfg cannot say: transcripts/, the golden
sessions kept at the top of the repository, ships inside the package as
``retro.transcripts`` (read through importlib.resources, retro/resources.py).
Everything else is in setup.cfg."""
from setuptools import find_namespace_packages, setup

setup(
    packages=find_namespace_packages(include=["retro", "retro.*", "ports", "ports.*"],
                                      exclude=["*.__pycache__"]) + ["retro.transcripts"],
    package_dir={"retro.transcripts": "transcripts"},
    package_data={"retro.transcripts": ["*/*.txt", "*/*.data"]},
)
