# Going back runs the launch again: its printf output is not printed twice, and
# what it prints after the point gone back to appears when it is reached again.
break printf_output.cl:12
run
continue
reverse-continue
reverse-continue
continue
continue
continue
continue
continue
quit
