"""The contest toolkit (issue 36): stress a contestant's program against matchgame,
shrink what fails, generate and validate a setter's tests, measure their strength.

- :mod:`.problems`: what a problem is (its statement's limits, generator families,
  validator, expected answer, shrinking steps, explanations) and the judge's token
  comparison; the problems themselves in :mod:`.boards` (JSOI2009, LOJ 6033),
  :mod:`.records` (NOI2011) and :mod:`.graphs` (any graph, vertex and edge game), by
  name in :mod:`.catalog`;
- :mod:`.run`: a program run as a judge runs it (:mod:`.programs`: the program,
  its limits, a run's result), isolated in the layers the machine offers
  (:mod:`.sandbox`: cgroups, namespaces, a subreaper), judged on CPU time, its
  output compared as it comes (:mod:`.compare`);
- :mod:`.shrink` (judging, delta debugging), :mod:`.stress` (sessions and reports),
  :mod:`.strength` (test folders and the table of killed wrong solutions);
- :mod:`.wrong`: the shipped wrong solutions, small Python programs.

The command line's faces are ``matchgame stress``, ``generate``, ``validate`` and
``strength`` (:mod:`matchgame.apps.cli.contest`).
"""
