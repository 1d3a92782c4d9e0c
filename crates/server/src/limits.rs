//! What one client, and all of them together, can make the server hold open: TCP connections
//! counted per address and in total as they are accepted (before a byte of HTTP is read), the
//! over-limit ones answered with an HTTP error and closed; and the times a connection may take to
//! send its request, answer a ping, stay silent or leave a reply unread.

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use crate::metrics::Metrics;
use axum_server::accept::Accept;
use futures_util::future::BoxFuture;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

/// The limits on connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open connections in all.
    pub connections: usize,
    /// Open connections from one IP address.
    pub per_ip: usize,
    /// How long a connection may take to send its request's headers.
    pub header_timeout: Duration,
    /// How often the server pings a WebSocket.
    pub ping_every: Duration,
    /// How long after a ping the connection must have been heard from (a pong or anything).
    pub pong_deadline: Duration,
    /// How long a WebSocket may send no message (pongs do not count) before it is closed.
    pub idle: Duration,
    /// How long one reply may wait for the client to read it before the connection is dropped.
    pub send_timeout: Duration,
}

impl Default for Limits {
    /// 18,000 connections (under a process's 20,000 open files), 256 from one address (a school
    /// behind one router), 10 s for the headers, a ping every 20 s answered within 20 s, 30
    /// minutes of silence, 10 s for a reply to be read.
    fn default() -> Limits {
        Limits {
            connections: 18_000,
            per_ip: 256,
            header_timeout: Duration::from_secs(10),
            ping_every: Duration::from_secs(20),
            pong_deadline: Duration::from_secs(20),
            idle: Duration::from_secs(30 * 60),
            send_timeout: Duration::from_secs(10),
        }
    }
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server holds its most connections.
    Full(usize),
    /// The address holds its most connections.
    TooManyFromAddress(usize),
}

impl Refusal {
    /// Its code among the refusals counted.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Full(_) => "server_full",
            Refusal::TooManyFromAddress(_) => "too_many_from_address",
        }
    }

    /// The HTTP response that says so.
    fn response(self) -> String {
        let (status, body) = match self {
            Refusal::Full(n) => {
                ("503 Service Unavailable", format!("the server is full ({n} connections); try again later\n"))
            }
            Refusal::TooManyFromAddress(n) => {
                ("429 Too Many Requests", format!("{n} connections from your address already; close one first\n"))
            }
        };
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\nretry-after: 5\r\n\r\n{body}",
            body.len()
        )
    }
}

/// The connections open now, per address and in all.
#[derive(Debug, Default)]
pub struct Slots {
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
    limits: (usize, usize),
}

impl Slots {
    /// Slots for at most `connections` in all and `per_ip` from one address.
    pub fn new(connections: usize, per_ip: usize) -> Arc<Slots> {
        Arc::new(Slots { open: Mutex::default(), limits: (connections, per_ip) })
    }

    /// Takes a slot for a connection from `ip`, released when the slot is dropped.
    ///
    /// # Errors
    /// The server or the address holds its most connections.
    pub fn take(self: &Arc<Slots>, ip: IpAddr) -> Result<Slot, Refusal> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, per_ip) = &mut *open;
        if *total >= self.limits.0 {
            return Err(Refusal::Full(self.limits.0));
        }
        let from = per_ip.entry(ip).or_default();
        if *from >= self.limits.1 {
            return Err(Refusal::TooManyFromAddress(self.limits.1));
        }
        *from += 1;
        *total += 1;
        Ok(Slot { slots: self.clone(), ip })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).0
    }
}

/// One connection's place, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    slots: Arc<Slots>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.slots.open.lock().unwrap_or_else(|e| e.into_inner());
        let (total, per_ip) = &mut *open;
        *total -= 1;
        if let Some(n) = per_ip.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                per_ip.remove(&self.ip);
            }
        }
    }
}

/// The acceptor that counts connections: over a limit it writes the HTTP error and closes; a
/// connection that sends nothing within `first_byte` is closed (HTTP's own header timeout only
/// starts once a request has begun).
#[derive(Clone, Debug)]
pub struct Counting {
    slots: Arc<Slots>,
    first_byte: Duration,
    metrics: Arc<Metrics>,
}

impl Counting {
    /// Counts in `slots`, waiting `first_byte` for a connection to say something; refusals are
    /// counted in `metrics`.
    pub fn new(slots: Arc<Slots>, first_byte: Duration, metrics: Arc<Metrics>) -> Counting {
        Counting { slots, first_byte, metrics }
    }
}

impl<S: Send + 'static> Accept<TcpStream, S> for Counting {
    type Stream = Counted;
    type Service = S;
    type Future = BoxFuture<'static, io::Result<(Counted, S)>>;

    fn accept(&self, mut stream: TcpStream, service: S) -> Self::Future {
        let (slots, first_byte, metrics) = (self.slots.clone(), self.first_byte, self.metrics.clone());
        Box::pin(async move {
            let ip = stream.peer_addr()?.ip();
            match slots.take(ip) {
                Ok(slot) => match tokio::time::timeout(first_byte, stream.peek(&mut [0])).await {
                    Ok(Ok(1..)) => Ok((Counted { stream, _slot: slot }, service)),
                    _ => Err(io::Error::new(io::ErrorKind::TimedOut, "nothing sent")),
                },
                Err(refusal) => {
                    metrics.refused(refusal.code());
                    tracing::debug!(%ip, code = refusal.code(), "connection refused");
                    // Best effort, and never long: the refused client may not read.
                    let answer = async {
                        stream.write_all(refusal.response().as_bytes()).await?;
                        stream.shutdown().await
                    };
                    let _ = tokio::time::timeout(Duration::from_secs(1), answer).await;
                    Err(io::Error::other("refused"))
                }
            }
        })
    }
}

/// A TCP stream holding its connection's slot.
#[derive(Debug)]
pub struct Counted {
    stream: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Counted {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_per_address_and_in_all_and_given_back() {
        let slots = Slots::new(3, 2);
        let (a, b, c) = ([127, 0, 0, 1].into(), [127, 0, 0, 2].into(), [127, 0, 0, 3].into());
        let first = slots.take(a).unwrap();
        let _second = slots.take(a).unwrap();
        assert_eq!(slots.take(a).unwrap_err(), Refusal::TooManyFromAddress(2));
        let _third = slots.take(b).unwrap();
        assert_eq!(slots.take(c).unwrap_err(), Refusal::Full(3));
        drop(first);
        assert_eq!(slots.open(), 2);
        assert!(slots.take(c).is_ok(), "a slot given back is free again");
        assert!(Refusal::Full(3).response().starts_with("HTTP/1.1 503 "));
        assert!(Refusal::TooManyFromAddress(2).response().starts_with("HTTP/1.1 429 "));
    }
}
