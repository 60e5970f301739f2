# cython: boundscheck=False, wraparound=False
"""Stopping a kernel from another thread.

A web request's analysis runs on a worker thread; when the client goes away or
the request's time is up, the server raises that thread's :class:`StopFlag`.
Long kernels call :func:`stop_requested` now and then (a thread-local pointer
read and one byte) and return early when it is raised; the Python code that
called them then calls :func:`check`, which raises :class:`Stopped`, so a
half-finished result is never used. Threads without a flag (the command line,
notebooks) never stop.
"""

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #define MG_THREAD_LOCAL __declspec(thread)
    #else
    #define MG_THREAD_LOCAL _Thread_local
    #endif
    static MG_THREAD_LOCAL volatile unsigned char *mg_stop_flag = NULL;
    static int mg_stop_requested(void) {
        volatile unsigned char *flag = mg_stop_flag;
        return flag != NULL && *flag != 0;
    }
    static volatile unsigned char *mg_swap_stop_flag(volatile unsigned char *flag) {
        volatile unsigned char *previous = mg_stop_flag;
        mg_stop_flag = flag;
        return previous;
    }
    """
    bint mg_stop_requested() noexcept nogil
    volatile unsigned char *mg_swap_stop_flag(volatile unsigned char *flag) noexcept nogil


cdef bint stop_requested() noexcept nogil:
    return mg_stop_requested()


class Stopped(Exception):
    """The work was stopped by its :class:`StopFlag` (not an error of the input)."""


cdef class StopFlag:
    """A flag that stops the kernels of the thread it is installed on.

    >>> flag = StopFlag()
    >>> with flag:          # kernels on this thread now poll it
    ...     check()         # not raised: nothing happens
    >>> flag.raise_()       # from any thread
    >>> flag.raised
    True
    """

    cdef volatile unsigned char value
    cdef volatile unsigned char *previous
    cdef bint installed

    def raise_(self):
        """Ask the kernels of the thread holding this flag to stop."""
        self.value = 1

    @property
    def raised(self):
        return self.value != 0

    def __enter__(self):
        if self.installed:
            raise RuntimeError("a StopFlag is installed on one thread at a time")
        self.previous = mg_swap_stop_flag(&self.value)
        self.installed = True
        return self

    def __exit__(self, *exc_info):
        mg_swap_stop_flag(self.previous)
        self.installed = False
        return False


def check():
    """Raise :class:`Stopped` if this thread's flag is raised (call after a kernel,
    and between pieces of long Python work)."""
    if mg_stop_requested():
        raise Stopped("stopped")
