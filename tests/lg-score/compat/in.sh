cat ../mixed/in
