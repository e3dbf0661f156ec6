import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(41, 1, 0, 0, 0) != 0: sys.exit("prctl failed")
os.execv(sys.argv[1], sys.argv[1:])
