"""A geng sweep on a Dask cluster: part of ``nauty-geng 11`` timed, the whole extrapolated.

    python benchmarks/bench_cluster.py [--vertices 11] [--parts 256] [--sample 4]
                                       [--workers 2] [--address ADDRESS]

``nauty-geng N`` is split by geng's own ``res/mod`` argument into ``--parts``
parts (geng's parts are close to equal in size); ``--sample`` of them run as
Dask tasks on a ``LocalCluster`` of ``--workers`` worker processes (one thread
each), or on the scheduler at ``--address``, each worker generating its own
graphs (``matchgame.sweep.answer_geng_part``, what ``matchgame sweep --geng N
--dask ADDRESS`` sends). Printed: the sample's wall time, its graphs and CPU
seconds, and the extrapolation to every part on this cluster and on 64 workers
(the sample's CPU time per part, times parts, divided among the workers: the
parts are independent, so only the scheduler's few milliseconds a task are
shared).
"""

from __future__ import annotations

import argparse
import time

from dask.distributed import Client, LocalCluster

from matchgame.sweep import Geng, SweepCounts, answer_geng_part, connect_dask


def timed_part(geng: Geng, part: int, parts: int) -> tuple[SweepCounts, float]:
    """One part's counts and the CPU seconds of the worker and its geng."""
    import resource

    def cpu() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    start = cpu()
    result = answer_geng_part(geng, part, parts, True)
    assert result.counts is not None
    return result.counts, cpu() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--vertices", type=int, default=11)
    parser.add_argument("--parts", type=int, default=256)
    parser.add_argument("--sample", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--address", help="a running scheduler instead of a LocalCluster")
    options = parser.parse_args()
    geng = Geng(str(options.vertices))
    if options.address:
        client = connect_dask(options.address)  # one line if nothing answers there
    else:
        cluster = LocalCluster(
            n_workers=options.workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    workers = len(client.scheduler_info()["workers"])
    # the sample's parts spread over the range (geng's parts differ a little in size)
    step = options.parts // options.sample
    sample = [k * step for k in range(options.sample)]
    start = time.perf_counter()
    futures = [client.submit(timed_part, geng, part, options.parts, pure=False) for part in sample]
    results = client.gather(futures)
    wall = time.perf_counter() - start
    counts = sum((c for c, _ in results), SweepCounts())
    cpu = sum(seconds for _, seconds in results)
    graphs = counts.graphs
    scale = options.parts / options.sample
    sampled = f"{options.sample} of {options.parts} parts"
    print(f"geng {options.vertices}: {sampled} on {workers} workers")
    print(f"  sample: {graphs:,} graphs, {wall:.1f} s wall, {cpu:.1f} s CPU")
    print(f"  per graph: {cpu / graphs * 1e6:.2f} us CPU (geng and matchgame)")
    print(f"  every part, extrapolated: {graphs * scale:,.0f} graphs")
    print(f"    on these {workers} workers: {wall * scale / 60:.1f} min")
    print(f"    on 64 workers: {cpu * scale / 64 / 60:.1f} min")
    client.close()


if __name__ == "__main__":
    main()
