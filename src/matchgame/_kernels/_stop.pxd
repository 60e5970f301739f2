# A flag another thread can raise to stop the kernels running on this thread
# (cimported by the kernels; see _stop.pyx).

cdef bint stop_requested() noexcept nogil
