"""Run every benchmark module of this package, in name order."""
import datetime
import importlib
import os
import pkgutil
import platform
import subprocess
import sys

import benchmarks


def processor() -> str:
    """The processor's model: the platform's name for it, else lscpu's (Linux's
    platform names only the architecture), else the architecture."""
    try:
        listing = subprocess.run(["lscpu"], capture_output=True, text=True, env={"LC_ALL": "C"}).stdout
    except OSError:
        listing = ""
    model = [line.split(":", 1)[1].strip() for line in listing.splitlines() if line.startswith("Model name:")]
    return platform.processor() or (model[0] if model else platform.machine())


def machine() -> str:
    """The processor, its cores, Python and the system, as BENCHMARKS.md names a machine."""
    return f"{processor()} x {os.cpu_count()}; Python {platform.python_version()}; {platform.system()} {platform.release()}"


def main(selected: list[str]) -> int:
    print(f"# {datetime.date.today().isoformat()} -- {machine()}")
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda m: m.name):
        if selected and info.name not in selected:
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        if not hasattr(module, "run"):
            continue
        print(f"\n## {info.name}")
        try:
            for name, figure in module.run():
                print(f"{name:<50} {figure}", flush=True)
        except benchmarks.Failed as failed:
            print(f"make bench: {info.name} failed: {failed}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
