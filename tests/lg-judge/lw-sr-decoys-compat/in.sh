# the reports of lw-sr-decoys under --compat
sh ../lw-sr-decoys/in.sh
