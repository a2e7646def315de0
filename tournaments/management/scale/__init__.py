"""The parts of ``manage.py scale_data``: random plays of every game (:mod:`.plays`) and the
federation built from them (:mod:`.federation`)."""
