# cython: boundscheck=False, wraparound=False, cdivision=True
"""Ctrl-C that works while a kernel runs.

Python runs its signal handlers between bytecodes, so a KeyboardInterrupt waits
until a compiled kernel returns, which can take seconds. The handler installed
here is C: it writes a message to standard error with write(2) and ends the
process at once with _exit(2), both async-signal-safe.
"""

cdef extern from *:
    """
    #include <signal.h>
    #include <stdlib.h>
    #include <string.h>
    #ifdef _WIN32
    #include <io.h>
    #define mg_write _write
    #define mg_exit _exit
    #else
    #include <unistd.h>
    #define mg_write write
    #define mg_exit _exit
    #endif

    static char *volatile mg_message = NULL;
    static volatile size_t mg_length = 0;
    static volatile int mg_status = 130;

    static void mg_on_interrupt(int signum) {
        const char *message = mg_message;
        size_t length = mg_length, done = 0;
        (void)signum;
        while (message != NULL && done < length) {
            long wrote = (long)mg_write(2, message + done, (unsigned)(length - done));
            if (wrote <= 0) break;
            done += (size_t)wrote;
        }
        mg_exit(mg_status);
    }

    /* 0 on success, -1 if memory or the system call failed. The previous
       message stays allocated: a handler running right now may still read it. */
    static int mg_exit_on_interrupt(const char *message, size_t length, int status) {
        char *copy = (char *)malloc(length ? length : 1);
        if (copy == NULL) return -1;
        memcpy(copy, message, length);
        mg_length = 0;
        mg_message = copy;
        mg_length = length;
        mg_status = status;
    #ifdef _WIN32
        return signal(SIGINT, mg_on_interrupt) == SIG_ERR ? -1 : 0;
    #else
        {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_handler = mg_on_interrupt;
            sigemptyset(&action.sa_mask);
            return sigaction(SIGINT, &action, NULL);
        }
    #endif
    }
    """
    int mg_exit_on_interrupt(const char *message, size_t length, int status)


def exit_on_interrupt(bytes message, int status=130):
    """On SIGINT, write ``message`` to fd 2 and exit with ``status`` at once.

    Replaces Python's SIGINT handling for the rest of the process (no
    KeyboardInterrupt, no traceback, no cleanup: buffered output is lost),
    until something installs another handler.

    Raises
    ------
    ValueError
        If ``status`` is outside 0..255.
    OSError
        If the handler cannot be installed.
    """
    if not 0 <= status <= 255:
        raise ValueError(f"an exit status is 0..255, got {status}")
    if mg_exit_on_interrupt(message, len(message), status) != 0:
        raise OSError("cannot install the SIGINT handler")
