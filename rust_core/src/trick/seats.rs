//! [`Seats`]: one value per seat of a hand (at most [`MAX_SEATS`]), kept inline rather
//! than behind a pointer, so that the play's per-seat state sits beside the rest of it
//! (the batch runner keeps hundreds of plays in flight and reads each once per step).

use std::fmt;
use std::ops::{Deref, DerefMut};

/// The most seats a play has (`TrickPlay::new` takes 2 to 8 hands).
pub const MAX_SEATS: usize = 8;

/// One `T` per seat, as a slice of the seats' number.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seats<T: Copy + Default> {
    values: [T; MAX_SEATS],
    len: usize,
}

impl<T: Copy + Default> Seats<T> {
    /// The values of `values` (at most [`MAX_SEATS`]: the caller checks).
    pub fn from_slice(values: &[T]) -> Seats<T> {
        let mut out = Seats {
            values: [T::default(); MAX_SEATS],
            len: values.len(),
        };
        out.values[..values.len()].copy_from_slice(values);
        out
    }

    /// `n` seats of `T::default()`.
    pub fn filled(n: usize) -> Seats<T> {
        Seats {
            values: [T::default(); MAX_SEATS],
            len: n,
        }
    }
}

impl<T: Copy + Default> Deref for Seats<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.values[..self.len]
    }
}

impl<T: Copy + Default> DerefMut for Seats<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.values[..self.len]
    }
}

impl<T: Copy + Default + fmt::Debug> fmt::Debug for Seats<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_as_the_slice_they_were_made_of() {
        let seats = Seats::from_slice(&[3u32, 1, 4]);
        assert_eq!(&*seats, &[3, 1, 4]);
        assert_eq!(format!("{seats:?}"), format!("{:?}", vec![3u32, 1, 4]));
        let mut zeros = Seats::<u32>::filled(5);
        zeros[4] += 2;
        assert_eq!(&*zeros, &[0, 0, 0, 0, 2]);
    }
}
