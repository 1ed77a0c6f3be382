# 45 cf cases (scores 0, 0.25, ..., 1 in turn, 20 at 1k, 25 at 2k) and 25
# biog cases (0, 0.5, 1 in turn), a failed biog case (a 0) and an
# undecided one (out of the draws)
awk 'BEGIN {
	for (i = 1; i <= 45; i++)
		printf "{\"id\":\"cf/%d\",\"case\":\"cf%d\",\"bench\":\"longweave\",\"task\":\"cf\",\"length\":\"%s\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":%g}}\n", i, i, i <= 20 ? "1k" : "2k", (i % 5) / 4
	for (i = 1; i <= 25; i++)
		printf "{\"id\":\"biog/%d\",\"case\":\"b%d\",\"bench\":\"longweave\",\"task\":\"biog\",\"length\":\"1k\",\"gen\":{\"model\":\"m\"},\"scores\":{\"score\":%g}}\n", i, i, (i % 3) / 2
}'
echo '{"id":"biog/f","case":"bf","bench":"longweave","task":"biog","length":"1k","gen":{"model":"m"},"error":{"stage":"lg-infer","message":"HTTP 500"}}'
echo '{"id":"biog/u","case":"bu","bench":"longweave","task":"biog","length":"1k","gen":{"model":"m"},"scores":{"undecided":3}}'
