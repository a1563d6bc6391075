"""Conversions: between TRF versions, to and from the JSON form, and to CSV.

:mod:`~trfkit.formats.versions` converts the model (TRF16 ↔ TRF-2026 ↔ TRF(x)),
:mod:`~trfkit.formats.render` writes the result and describes every line that differs,
:mod:`~trfkit.formats.adjustments` is the report of what changed; :mod:`jsonform` and
:mod:`csvform` are the other forms.
"""

from __future__ import annotations

from trfkit.formats.adjustments import Action, Adjustment, Conversion, report_comments, summary
from trfkit.formats.render import (
    Rendered,
    codec_name,
    describe_line,
    encoding_adjustments,
    lines_to_repair,
    render_trf,
    value_adjustments,
)
from trfkit.formats.versions import (
    ACCEPTED_192,
    ConvertOptions,
    TypeCodes,
    convert,
    schedule_code,
    to_trf16,
    to_trf26,
    type_code,
)

__all__ = [
    "ACCEPTED_192",
    "Action",
    "Adjustment",
    "Conversion",
    "ConvertOptions",
    "Rendered",
    "TypeCodes",
    "codec_name",
    "convert",
    "describe_line",
    "encoding_adjustments",
    "lines_to_repair",
    "render_trf",
    "report_comments",
    "schedule_code",
    "summary",
    "to_trf16",
    "to_trf26",
    "type_code",
    "value_adjustments",
]
