"""The learner as a Gomocup brain: the piskvork protocol (pbrain.py)."""
