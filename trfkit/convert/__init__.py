"""Conversions: between TRF versions, to and from the JSON form, and to CSV.

:mod:`~trfkit.convert.versions` converts the model (TRF16 ↔ TRF-2026 ↔ TRF(x)),
:mod:`~trfkit.convert.render` writes the result and describes every line that differs,
:mod:`~trfkit.convert.adjustments` is the report of what changed; :mod:`jsonform` and
:mod:`csvform` are the other forms.
"""

from __future__ import annotations

from trfkit.convert.adjustments import Action, Adjustment, Conversion, report_comments, summary
from trfkit.convert.render import (
    Rendered,
    codec_name,
    describe_line,
    encoding_adjustments,
    lines_to_repair,
    render_trf,
    value_adjustments,
)
from trfkit.convert.versions import (
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
