# spvsim debug --checks uninit: the uninit check runs under the debugger; its finding
# stops the launch where the element never written reaches global memory.
run
print i
print n[i]
print squares
continue
quit
