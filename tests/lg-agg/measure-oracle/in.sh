# An oracle run and degraded ones of a small LongWeave suite.
suite() { lg-gen longweave -n 2 -l 1k,2k -t kvg,sms -s 1 | lg-prompt; }
suite | lg-oracle
suite | lg-oracle --stop-at 0.5 --model half
suite | lg-oracle --drop 0.5 --repeat 0.5 --model rep
