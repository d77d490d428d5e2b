# spvsim debug --checks uninit: set var marks the bytes it stores as written, so the
# element set by hand in work-item 0 is no longer an uninitialised read; the other
# work-items' are.
break uninit_private.cl:8
run
print i
set var squares[7] = 49
continue
print i
print squares[7]
continue
quit
