"""Who a client is, for the limits the server keeps per client address (docs/design.md
principle 10).

A client's address is the connection's, or, behind a reverse proxy the host trusts
(:attr:`Settings.trust_proxy`), the last address of ``X-Forwarded-For``: the one the proxy
itself added. The first ones are whatever the client wrote, so they are never used.

The limits count a client by its *group* (:func:`address_group`): an IPv4 address alone, an IPv6
address with the others of its network (a /64 by default, :attr:`Settings.ipv6_prefix`), since
one home or server gets a whole /64 and could otherwise count as 2^64 clients:

>>> address_group("2001:db8:1:2::1", 64), address_group("2001:DB8:1:2:ffff::9", 64)
('2001:db8:1:2::/64', '2001:db8:1:2::/64')
>>> address_group("::ffff:192.0.2.7", 64), address_group("192.0.2.7", 64)
('192.0.2.7', '192.0.2.7')

:class:`Allowance` is a bucket per address, refilled over time, as the server's clock says:

>>> now = [0.0]
>>> allowance = Allowance(per_minute=2, clock=lambda: now[0])
>>> allowance.take("a"), allowance.take("a"), allowance.take("a"), allowance.take("b")
(0, 0, 30, 0)
>>> now[0] = 30.0
>>> allowance.take("a")
0
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

__all__ = ["Allowance", "Counter", "address_group", "client_address"]

MAX_ADDRESS = 64
"""The longest address taken from a header; a longer one is not an address."""


def client_address(
    client: tuple[str, int] | list[object] | None,
    headers: Iterable[tuple[bytes, bytes]] | Mapping[str, str],
    trust_proxy: bool,
) -> str:
    """The address of a client: the connection's (``client``, as ASGI gives it), or with
    ``trust_proxy`` the last address of ``X-Forwarded-For`` among ``headers`` (raw ASGI headers,
    or a mapping of lower-case names)."""
    own = str(client[0]) if client else "unknown"
    if not trust_proxy:
        return own
    forwarded = _header(headers, "x-forwarded-for")
    if forwarded is None:
        return own
    last = forwarded.rsplit(",", 1)[-1].strip()
    return last if 0 < len(last) <= MAX_ADDRESS and last.isprintable() else own


@lru_cache(maxsize=4096)
def address_group(address: str, ipv6_prefix: int) -> str:
    """The group ``address`` is counted in by the limits per address: an IPv4 address itself
    (also written as IPv4-mapped IPv6), an IPv6 address's network of ``ipv6_prefix`` bits (its
    zone dropped), and anything that is no IP address (a Unix socket's client, a test's) as it
    is: a string of :data:`MAX_ADDRESS` characters at most, as :func:`client_address` gives."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        shift = 128 - ipv6_prefix
        return str(ipaddress.IPv6Network(((int(ip) >> shift) << shift, ipv6_prefix)))
    return str(ip)


def _header(headers: Iterable[tuple[bytes, bytes]] | Mapping[str, str], name: str) -> str | None:
    if isinstance(headers, Mapping):
        return headers.get(name)
    found = None
    for key, value in headers:
        if key.lower() == name.encode():
            found = value.decode("latin-1")  # several headers: the last one is the proxy's
    return found


class Allowance:
    """Per address, ``per_minute`` actions in a burst, then one every ``60 / per_minute``
    seconds (a token bucket)."""

    def __init__(self, per_minute: float, clock: Callable[[], float], burst: float = 0) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst or float(per_minute)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        """Per address: the tokens it had, and when."""

    def take(self, address: str) -> int:
        """Take one action for ``address``: ``0`` if it may act now (and it is counted), else
        how many whole seconds it has to wait."""
        now = self.clock()
        tokens, then = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1:
            self._buckets[address] = (tokens - 1, now)
            return 0
        self._buckets[address] = (tokens, now)
        return max(1, math.ceil((1 - tokens) / self.rate))

    def forget_idle(self) -> None:
        """Drop the addresses whose bucket has filled up again (they are as if never seen)."""
        now = self.clock()
        full = [
            address
            for address, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.rate >= self.burst
        ]
        for address in full:
            del self._buckets[address]


class Counter:
    """Per address, how many of something it holds now, up to ``limit``; the addresses that
    ``group`` puts together (:func:`address_group`) are counted as one."""

    def __init__(self, limit: int, group: Callable[[str], str] = str) -> None:
        self.limit = limit
        self.group = group
        self._held: dict[str, int] = {}

    def acquire(self, address: str) -> bool:
        """Count one more for ``address``, if it holds fewer than the limit."""
        key = self.group(address)
        held = self._held.get(key, 0)
        if held >= self.limit:
            return False
        self._held[key] = held + 1
        return True

    def release(self, address: str) -> None:
        """Count one less for ``address``."""
        key = self.group(address)
        held = self._held.get(key, 0) - 1
        if held > 0:
            self._held[key] = held
        else:
            self._held.pop(key, None)

    def held(self, address: str) -> int:
        """How many ``address`` holds now."""
        return self._held.get(self.group(address), 0)
