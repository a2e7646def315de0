"""The marker of translatable templates.

``_`` returns its text unchanged: the engines render English. It exists so that ``xgettext``
(whose default Python keywords include ``_``) extracts every template into the catalogue,
from which the service renders the reader's language.
"""


def _(text: str) -> str:
    """Mark ``text`` for translation; the engines use it as it is.

    >>> _("a match log is a JSON object")
    'a match log is a JSON object'
    """
    return text
