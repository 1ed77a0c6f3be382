# Two oracle answers, the first cut by the token limit, the second replaced
# by the error lg-infer records when the server refuses the model.
lg-gen longgenbench -l 16k -n 2 -t menu | lg-prompt | lg-oracle | jq -c '
	del(.prompt, .vars) |
	if .id == "longgenbench/menu/16k/0001" then
		del(.output) | .gen = {"model":"m"} |
		.error = {"stage":"lg-infer","message":"HTTP 404: The model m does not exist"}
	else .gen = {"model":"m","finish_reason":"length"} end'
