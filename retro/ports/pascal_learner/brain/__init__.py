"""The learner as a Gomocup brain: the command line (pbrain.py), the loop
(serve.py), the protocol (protocol.py) and what it rests on."""
