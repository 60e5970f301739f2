"""The contest toolkit (issue 36): stress a contestant's program, shrink what fails,
generate and validate a setter's tests, and measure their strength."""
