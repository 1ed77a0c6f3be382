lg-gen longweave -t nw -l 2k -n 1 | lg-oracle --forget-after 0.5 --drop 0.3
