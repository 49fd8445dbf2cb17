"""Run every benchmark module of this package, in name order."""
import datetime
import importlib
import pkgutil
import platform
import sys

import benchmarks


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [l.split(":", 1)[1].strip() for l in f if l.startswith("model name")]
        if names:
            cpu = f"{names[0]} x {len(names)}"
    except OSError:
        pass
    return f"{cpu}; Python {platform.python_version()}; {platform.system()} {platform.release()}"


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
