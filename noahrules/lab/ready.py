"""A study made ready to play: its arms checked and its report's folder made, before any game
is played or any cluster started. :func:`noahrules.lab.balance` does it itself, or takes what
:func:`ready` made (what the ``balance`` command does, to say which arms play anyway before
it starts a cluster)."""

from __future__ import annotations

import os
from pathlib import Path

from attrs import frozen

from noahrules.lab.checks import IdenticalArmsError, Silent, silent_arms
from noahrules.lab.design import Study
from noahrules.lab.folder import prepare

__all__ = ["Ready", "ready"]


@frozen
class Ready:
    """A study whose arms were checked and whose report's folder is ready."""

    study: Study
    folder: Path
    silent: tuple[Silent, ...]
    """The arms that play as others, allowed to play anyway (none when some were refused)."""


def ready(
    study: Study,
    folder: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    allow_identical: bool = False,
    pooled: bool = False,
) -> Ready:
    """Refuse the arms of ``study`` that would play as others
    (:class:`~noahrules.lab.checks.IdenticalArmsError`) unless ``allow_identical``, then make
    ``folder`` ready for the report (:func:`~noahrules.lab.folder.prepare`: a
    :class:`~noahrules.lab.folder.FolderError` if it cannot be written, or holds anything and
    ``overwrite`` is false). A ``pooled`` study plays nothing: its arms are not probed."""
    silent = () if pooled else silent_arms(study)
    if silent and not allow_identical:
        raise IdenticalArmsError(silent)
    return Ready(study, prepare(folder, overwrite=overwrite), silent)
