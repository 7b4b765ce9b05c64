//! The database file: a 128-byte header, then one byte per board in rank order.
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `MANCSOLV` |
//! | 8 | 4 | format version, little-endian: 2 ([`FORMAT_VERSION`]) for bounds with endless play valued by the rows' split, else 1 |
//! | 12 | 16 | game name, UTF-8, NUL-padded (`kalah`) |
//! | 28 | 64 | variant: the rule set, UTF-8, NUL-padded (`pits=6 capture=opposite-seeds ending=either-side-empty`) |
//! | 92 | 1 | pits on the board (both rows) |
//! | 93 | 1 | seeds on the board |
//! | 94 | 1 | value kind, the bytes per board: 1 = an `i8` margin from the mover's side (games without cycles); 2 = two `i8`, the lower and upper bounds `L`, `U` of the margin (games with cycles, see `docs/solving-cycles.md`) |
//! | 95 | 1 | how the bounds value endless play ([`Endless`]): 0 = the extremes (`−n`, `+n`; and every file of one value a board), 1 = the rows' split; always 0 in version 1 |
//! | 96 | 8 | entries (boards): `C(seeds + pits - 1, pits - 1)`; the file holds `entries × kind` value bytes |
//! | 104 | 8 | checksum of the values ([`checksum`]) |
//! | 112 | 8 | checksum of bytes 0..112 |
//! | 120 | 8 | reserved, 0 |
//!
//! Version 2 is version 1 with byte 95: a file that version 1 can say is still written
//! as version 1, so that every reader reads it; a file of the rows' split is version 2,
//! which a reader of version 1 refuses, and whose byte 95 a reader of version 2
//! compares with what it asked for: bounds of one definition are never read as the
//! other's.
//!
//! A file is checked against what the caller expects (header, length, the values'
//! checksum) and refused with an error that names the field on a mismatch. It is then
//! either **read into memory** ([`read`]: safe, the default) or **memory-mapped**
//! ([`Mapped::open`]: an `unsafe fn`, since the mapped bytes change if anyone changes
//! the file while it is mapped, which Rust's `&[u8]` rules out; the caller promises
//! that no one does). A program that keeps its databases elsewhere (a web page, in the
//! browser's storage) keeps the same bytes ([`to_bytes`]) and has them checked the same
//! way ([`from_bytes`]).

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use mancala_core::rng::GOLDEN_GAMMA;
use rayon::prelude::*;
use thiserror::Error;

/// The newest version of the file format, which this crate writes for bounds of the
/// rows' split ([`Endless::Rows`]); it writes every other file as version 1 (the same
/// bytes as before version 2) and reads both.
pub const FORMAT_VERSION: u32 = 2;

/// How a database of bounds (a game with cycles) values endless play, a play that
/// never leaves the seed count (`docs/solving-cycles.md`): the header's
/// byte 95.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Endless {
    /// The worst for the mover for `L` (`−n`), the best for `U` (`+n`); also every
    /// database of one value a board, which has no endless play.
    #[default]
    Extremes,
    /// By the rows' split it keeps (each player taking the seeds in their own row, as
    /// Urim's rule 6 and Oware's repetition end the game): the least split it visits
    /// for ever for `L`, the greatest for `U` ([`rows`](crate::rows)). Tighter.
    Rows,
}

impl Endless {
    /// The header's byte.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Endless::Extremes => 0,
            Endless::Rows => 1,
        }
    }

    /// The definition of the header's byte `code`, if there is one.
    #[must_use]
    pub fn from_code(code: u8) -> Option<Endless> {
        match code {
            0 => Some(Endless::Extremes),
            1 => Some(Endless::Rows),
            _ => None,
        }
    }

    /// The format version a file of this definition is written in.
    #[must_use]
    pub fn version(self) -> u32 {
        match self {
            Endless::Extremes => 1,
            Endless::Rows => 2,
        }
    }
}

/// `extremes` or `rows`, as [`Endless`]'s `Display` writes them.
///
/// ```
/// use mancala_solve::file::Endless;
/// assert_eq!("rows".parse::<Endless>()?, Endless::Rows);
/// assert_eq!(Endless::Extremes.to_string().parse::<Endless>()?, Endless::Extremes);
/// assert!("split".parse::<Endless>().is_err());
/// # Ok::<(), mancala_solve::SolveError>(())
/// ```
impl core::str::FromStr for Endless {
    type Err = crate::SolveError;

    fn from_str(s: &str) -> Result<Endless, crate::SolveError> {
        match s {
            "extremes" => Ok(Endless::Extremes),
            "rows" => Ok(Endless::Rows),
            _ => Err(crate::SolveError::Endless {
                found: s.to_string(),
            }),
        }
    }
}

/// `extremes` or `rows`.
impl core::fmt::Display for Endless {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Endless::Extremes => "extremes",
            Endless::Rows => "rows",
        })
    }
}
/// The header's length in bytes; the values follow it.
pub const HEADER_LEN: usize = 128;
const MAGIC: &[u8; 8] = b"MANCSOLV";
const GAME_LEN: usize = 16;
const VARIANT_LEN: usize = 64;

/// What a database file holds: the header's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game (`kalah`), at most 16 bytes.
    pub game: String,
    /// The rule set the values hold under, at most 64 bytes.
    pub variant: String,
    /// Pits on the board, both rows.
    pub pits: u8,
    /// Seeds on the board.
    pub seeds: u8,
    /// Boards in the file.
    pub entries: u64,
    /// Bytes per board (the header's value kind): 1 for an `i8` value, 2 for a pair
    /// of `i8` bounds (lower, upper).
    pub width: u8,
    /// How the bounds value endless play ([`Endless::Extremes`] for one value a board).
    pub endless: Endless,
    /// The checksum of the values.
    pub checksum: u64,
}

/// Why a database file cannot be written or is refused.
#[derive(Debug, Error)]
pub enum FileError {
    /// Reading or writing the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The file does not start with the magic bytes: not a database.
    #[error("{}: not a mancala-solve database (bad magic bytes)", path.display())]
    Magic {
        /// The file.
        path: PathBuf,
    },
    /// The file was written by another version of the format.
    #[error("{}: format version {found}, this program reads version {expected}", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The file's version.
        found: u32,
        /// The version read here.
        expected: u32,
    },
    /// The header's own checksum does not match: the header is damaged.
    #[error("{}: the header is damaged (its checksum does not match)", path.display())]
    HeaderChecksum {
        /// The file.
        path: PathBuf,
    },
    /// A header field is not what the caller asked for (another game, rule set, size).
    #[error("{}: {field} is {found:?}, expected {expected:?}", path.display())]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The field's name.
        field: &'static str,
        /// The file's value.
        found: String,
        /// The value asked for.
        expected: String,
    },
    /// The file is shorter or longer than its header says.
    #[error("{}: {found} bytes, the header says {expected}", path.display())]
    Length {
        /// The file.
        path: PathBuf,
        /// The file's length.
        found: u64,
        /// The length the header implies.
        expected: u64,
    },
    /// The values' checksum does not match the header's: the data is damaged.
    #[error("{}: the values are damaged (checksum {found:#018x}, header says {expected:#018x})", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The checksum of the values read.
        found: u64,
        /// The header's checksum.
        expected: u64,
    },
    /// A name does not fit its header field.
    #[error("{field} {value:?} is longer than {max} bytes")]
    TooLong {
        /// The field.
        field: &'static str,
        /// The value.
        value: String,
        /// The field's size.
        max: usize,
    },
}

/// One mixing step: a bijection of the state for each word, so a change to any one
/// word always changes the result.
#[inline]
fn mix(h: u64, w: u64) -> u64 {
    (h.rotate_left(23) ^ w).wrapping_mul(GOLDEN_GAMMA)
}

fn checksum_chunk(bytes: &[u8]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        h = mix(h, u64::from_le_bytes(a));
    }
    let rest = words.remainder();
    let mut a = [0u8; 8];
    a[..rest.len()].copy_from_slice(rest);
    mix(mix(h, u64::from_le_bytes(a)), bytes.len() as u64)
}

/// The checksum of a database's values: a 64-bit multiply-rotate hash of each 1 MiB
/// chunk (on all cores), the chunks' hashes mixed in order.
///
/// ```
/// use mancala_solve::file::checksum;
/// let a = checksum(&[1, 2, 3]);
/// assert_ne!(a, checksum(&[1, 2, 4]));
/// assert_eq!(a, checksum(&[1, 2, 3]));
/// ```
#[must_use]
pub fn checksum(values: &[u8]) -> u64 {
    const CHUNK: usize = 1 << 20;
    let parts: Vec<u64> = values.par_chunks(CHUNK).map(checksum_chunk).collect();
    parts
        .iter()
        .fold(mix(0, values.len() as u64), |h, &p| mix(h, p))
}

fn put_str(out: &mut [u8], field: &'static str, value: &str) -> Result<(), FileError> {
    let b = value.as_bytes();
    if b.len() > out.len() {
        return Err(FileError::TooLong {
            field,
            value: value.to_string(),
            max: out.len(),
        });
    }
    out[..b.len()].copy_from_slice(b);
    Ok(())
}

fn get_str(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

fn le_u64(b: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[..8]);
    u64::from_le_bytes(a)
}

impl Header {
    /// The header's 128 bytes.
    ///
    /// # Errors
    /// [`FileError::TooLong`] if the game or variant does not fit its field.
    pub fn to_bytes(&self) -> Result<[u8; HEADER_LEN], FileError> {
        let mut h = [0u8; HEADER_LEN];
        h[..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&self.endless.version().to_le_bytes());
        put_str(&mut h[12..12 + GAME_LEN], "game", &self.game)?;
        put_str(&mut h[28..28 + VARIANT_LEN], "variant", &self.variant)?;
        h[92] = self.pits;
        h[93] = self.seeds;
        h[94] = self.width;
        h[95] = self.endless.code();
        h[96..104].copy_from_slice(&self.entries.to_le_bytes());
        h[104..112].copy_from_slice(&self.checksum.to_le_bytes());
        let own = checksum_chunk(&h[..112]);
        h[112..120].copy_from_slice(&own.to_le_bytes());
        Ok(h)
    }

    /// Reads a header from the first 128 bytes of `bytes` (of the file `path`, named
    /// in errors).
    ///
    /// # Errors
    /// [`FileError::Length`] if `bytes` is shorter than a header, [`FileError::Magic`],
    /// [`FileError::Version`], [`FileError::HeaderChecksum`].
    pub fn parse(path: &Path, bytes: &[u8]) -> Result<Header, FileError> {
        if bytes.len() < HEADER_LEN {
            return Err(FileError::Length {
                path: path.to_path_buf(),
                found: bytes.len() as u64,
                expected: HEADER_LEN as u64,
            });
        }
        if &bytes[..8] != MAGIC {
            return Err(FileError::Magic {
                path: path.to_path_buf(),
            });
        }
        let mut v = [0u8; 4];
        v.copy_from_slice(&bytes[8..12]);
        let version = u32::from_le_bytes(v);
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(FileError::Version {
                path: path.to_path_buf(),
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        // Version 1 has no byte 95 (0); version 2 gives it a meaning.
        let endless = Endless::from_code(bytes[95]).filter(|e| e.version() == version);
        let (true, Some(endless)) = (
            le_u64(&bytes[112..120]) == checksum_chunk(&bytes[..112])
                && (1..=2).contains(&bytes[94]),
            endless,
        ) else {
            return Err(FileError::HeaderChecksum {
                path: path.to_path_buf(),
            });
        };
        Ok(Header {
            game: get_str(&bytes[12..12 + GAME_LEN]),
            variant: get_str(&bytes[28..28 + VARIANT_LEN]),
            pits: bytes[92],
            seeds: bytes[93],
            entries: le_u64(&bytes[96..104]),
            width: bytes[94],
            endless,
            checksum: le_u64(&bytes[104..112]),
        })
    }

    /// Refuses this header unless its game, variant, pits, seeds, entries, value kind
    /// and endless play are `expected`'s (the checksum is not compared).
    ///
    /// # Errors
    /// [`FileError::Mismatch`] naming the first field that differs.
    pub fn expect(&self, path: &Path, expected: &Header) -> Result<(), FileError> {
        let fields: [(&'static str, String, String); 7] = [
            ("game", self.game.clone(), expected.game.clone()),
            ("variant", self.variant.clone(), expected.variant.clone()),
            ("pits", self.pits.to_string(), expected.pits.to_string()),
            ("seeds", self.seeds.to_string(), expected.seeds.to_string()),
            (
                "entries",
                self.entries.to_string(),
                expected.entries.to_string(),
            ),
            (
                "value kind",
                self.width.to_string(),
                expected.width.to_string(),
            ),
            (
                "endless play",
                self.endless.to_string(),
                expected.endless.to_string(),
            ),
        ];
        for (field, found, want) in fields {
            if found != want {
                return Err(FileError::Mismatch {
                    path: path.to_path_buf(),
                    field,
                    found,
                    expected: want,
                });
            }
        }
        Ok(())
    }
}

/// The header bytes of the file of `values` (`header` with the values' checksum),
/// refused if the header's entries are not the values' length (`path` names the file).
fn sealed_header(
    path: &Path,
    header: &Header,
    values: &[u8],
) -> Result<[u8; HEADER_LEN], FileError> {
    if header.entries * u64::from(header.width) != values.len() as u64 {
        return Err(FileError::Mismatch {
            path: path.to_path_buf(),
            field: "entries",
            found: values.len().to_string(),
            expected: (header.entries * u64::from(header.width)).to_string(),
        });
    }
    let header = Header {
        checksum: checksum(values),
        ..header.clone()
    };
    header.to_bytes()
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes a database file: `header` (its checksum is computed here from `values`,
/// its entries times its width must be `values.len()`), then `values`. The file is written beside
/// `path` and renamed into place, so a reader never sees half a file.
///
/// # Errors
/// [`FileError::Io`], [`FileError::TooLong`], or [`FileError::Mismatch`] if the
/// header's entries are not the values' length.
pub fn write(path: &Path, header: &Header, values: &[u8]) -> Result<(), FileError> {
    let bytes = sealed_header(path, header, values)?;
    let tmp = path.with_extension("tmp");
    let mut f = File::create(&tmp).map_err(io_err(&tmp))?;
    f.write_all(&bytes).map_err(io_err(&tmp))?;
    f.write_all(values).map_err(io_err(&tmp))?;
    f.sync_all().map_err(io_err(&tmp))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(io_err(path))
}

/// Checks the file `path` of `len` bytes, whose header bytes are `head` and values
/// `values` (when already in hand), against `expected`: the header parsed and
/// matched, the length the header's, the values' checksum the header's.
fn check(
    path: &Path,
    expected: &Header,
    head: &[u8],
    len: u64,
    values: &[u8],
) -> Result<Header, FileError> {
    let header = Header::parse(path, head)?;
    header.expect(path, expected)?;
    let want = HEADER_LEN as u64 + header.entries * u64::from(header.width);
    if len != want {
        return Err(FileError::Length {
            path: path.to_path_buf(),
            found: len,
            expected: want,
        });
    }
    let found = checksum(values);
    if found != header.checksum {
        return Err(FileError::Checksum {
            path: path.to_path_buf(),
            found,
            expected: header.checksum,
        });
    }
    Ok(header)
}

/// Reads the database file `path` into memory, refusing it unless its header matches
/// `expected` (game, variant, pits, seeds, entries, value kind), its length is the
/// header's and its values' checksum is the header's; returns the header and the
/// values. The safe way to open a database ([`Mapped::open`] maps it instead).
///
/// # Errors
/// Every [`FileError`] but [`FileError::TooLong`].
pub fn read(path: &Path, expected: &Header) -> Result<(Header, Vec<u8>), FileError> {
    let mut file = File::open(path).map_err(io_err(path))?;
    let len = file.metadata().map_err(io_err(path))?.len();
    let mut head = Vec::with_capacity(HEADER_LEN);
    (&mut file)
        .take(HEADER_LEN as u64)
        .read_to_end(&mut head)
        .map_err(io_err(path))?;
    // The header first: a file of another game or size is refused before its values
    // are read (and a huge length in a damaged header allocates nothing).
    let header = Header::parse(path, &head)?;
    header.expect(path, expected)?;
    let want = HEADER_LEN as u64 + header.entries * u64::from(header.width);
    if len != want {
        return Err(FileError::Length {
            path: path.to_path_buf(),
            found: len,
            expected: want,
        });
    }
    let mut values = Vec::new();
    values
        .try_reserve_exact(usize::try_from(len).unwrap_or(usize::MAX) - HEADER_LEN)
        .map_err(|e| io_err(path)(io::Error::new(io::ErrorKind::OutOfMemory, e)))?;
    file.read_to_end(&mut values).map_err(io_err(path))?;
    let header = check(
        path,
        expected,
        &head,
        HEADER_LEN as u64 + values.len() as u64,
        &values,
    )?;
    Ok((header, values))
}

/// The bytes of the file [`write()`] writes for `header` and `values` (the checksum
/// computed here), for a database kept elsewhere than in a file (a browser's storage);
/// [`from_bytes`] reads them back. `name` names the database in errors.
///
/// # Errors
/// [`FileError::TooLong`], or [`FileError::Mismatch`] if the header's entries are not
/// the values' length.
pub fn to_bytes(name: &Path, header: &Header, values: &[u8]) -> Result<Vec<u8>, FileError> {
    let head = sealed_header(name, header, values)?;
    let mut bytes = Vec::with_capacity(HEADER_LEN + values.len());
    bytes.extend_from_slice(&head);
    bytes.extend_from_slice(values);
    Ok(bytes)
}

/// Checks the bytes of a whole database file as [`read`] checks a file (`name` names
/// it in errors) and returns its header and values.
///
/// # Errors
/// Every [`FileError`] but [`FileError::Io`] and [`FileError::TooLong`].
pub fn from_bytes<'a>(
    name: &Path,
    bytes: &'a [u8],
    expected: &Header,
) -> Result<(Header, &'a [u8]), FileError> {
    let head = &bytes[..HEADER_LEN.min(bytes.len())];
    let values = bytes.get(HEADER_LEN..).unwrap_or_default();
    let header = check(name, expected, head, bytes.len() as u64, values)?;
    Ok((header, values))
}

/// A database file mapped into memory, its header checked.
#[derive(Debug)]
pub struct Mapped {
    header: Header,
    map: memmap2::Mmap,
}

impl Mapped {
    /// Opens and maps `path` read-only, refusing it as [`read`] does. Reading a large
    /// database this way costs no memory of the process's own (the pages are the
    /// file's, shared with other processes that map it).
    ///
    /// ```compile_fail,E0133
    /// // Mapping is unsafe: it does not compile outside an `unsafe` block.
    /// # let (path, header): (&std::path::Path, mancala_solve::file::Header) = todo!();
    /// let m = mancala_solve::file::Mapped::open(path, &header);
    /// ```
    ///
    /// # Safety
    /// The file must not be changed or truncated (by this process or any other) while
    /// the [`Mapped`] lives: its bytes are handed out as `&[u8]`, which must not change,
    /// and a truncated map faults on access. The databases this crate writes are
    /// written beside their path and renamed into place, never written again; that
    /// makes them fit, as long as nothing else writes them.
    ///
    /// # Errors
    /// Every [`FileError`] but [`FileError::TooLong`].
    #[allow(unsafe_code)]
    pub unsafe fn open(path: &Path, expected: &Header) -> Result<Mapped, FileError> {
        let file = File::open(path).map_err(io_err(path))?;
        // SAFETY: the caller promises that the file does not change while mapped.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io_err(path))?;
        let head = &map[..HEADER_LEN.min(map.len())];
        let values = map.get(HEADER_LEN..).unwrap_or_default();
        let header = check(path, expected, head, map.len() as u64, values)?;
        Ok(Mapped { header, map })
    }

    /// The header.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The values in rank order, [`Header::width`] bytes per board.
    #[must_use]
    pub fn values(&self) -> &[u8] {
        &self.map[HEADER_LEN..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(values: &[u8]) -> Header {
        Header {
            game: "kalah".into(),
            variant: "pits=2 test".into(),
            pits: 4,
            seeds: 3,
            entries: values.len() as u64,
            width: 1,
            endless: Endless::Extremes,
            checksum: 0,
        }
    }

    /// Opens `path` both ways, read into memory and mapped: they must agree (the same
    /// header and values, or the same error). The values read.
    fn open(path: &Path, h: &Header) -> Result<Vec<u8>, FileError> {
        let read = read(path, h);
        // SAFETY: the test's own file, not changed while mapped (the map is dropped
        // before the test writes it again).
        #[allow(unsafe_code)]
        let mapped = unsafe { Mapped::open(path, h) };
        match (&read, &mapped) {
            (Ok((header, values)), Ok(m)) => {
                assert_eq!(values.as_slice(), m.values());
                assert_eq!(header, m.header());
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            _ => panic!("read {read:?}, mapped {mapped:?}"),
        }
        read.map(|(_, values)| values)
    }

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("mancala-solve-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn round_trip_and_refusals() {
        let dir = temp_dir("file");
        let path = dir.join("t.db");
        let values: Vec<u8> = (0..20u8).collect();
        let h = header(&values);
        write(&path, &h, &values).unwrap();
        assert_eq!(open(&path, &h).unwrap(), values);
        let (read_header, _) = read(&path, &h).unwrap();
        assert_eq!(read_header.variant, "pits=2 test");
        assert_eq!(read_header.checksum, checksum(&values));

        // Another rule set is refused, naming the field.
        let other = Header {
            variant: "pits=2 other".into(),
            ..h.clone()
        };
        let e = open(&path, &other).unwrap_err();
        assert!(
            matches!(
                e,
                FileError::Mismatch {
                    field: "variant",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("variant is \"pits=2 test\""), "{e}");
        let e = open(
            &path,
            &Header {
                seeds: 4,
                ..h.clone()
            },
        )
        .unwrap_err();
        assert!(
            matches!(e, FileError::Mismatch { field: "seeds", .. }),
            "{e}"
        );

        // A flipped value byte is refused by the checksum.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER_LEN + 7] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = open(&path, &h).unwrap_err();
        assert!(matches!(e, FileError::Checksum { .. }), "{e}");

        // A flipped header byte is refused by the header's checksum.
        bytes[HEADER_LEN + 7] ^= 1;
        bytes[93] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let e = open(&path, &h).unwrap_err();
        assert!(matches!(e, FileError::HeaderChecksum { .. }), "{e}");

        // A truncated file, another version, not a database.
        bytes[93] ^= 1;
        std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        let e = open(&path, &h).unwrap_err();
        assert!(matches!(e, FileError::Length { .. }), "{e}");
        let mut v3 = bytes.clone();
        v3[8] = 3;
        std::fs::write(&path, &v3).unwrap();
        let e = open(&path, &h).unwrap_err();
        assert!(matches!(e, FileError::Version { found: 3, .. }), "{e}");
        std::fs::write(&path, b"hello").unwrap();
        assert!(matches!(
            open(&path, &h).unwrap_err(),
            FileError::Length { .. }
        ));
        std::fs::write(&path, [0u8; 200]).unwrap();
        assert!(matches!(
            open(&path, &h).unwrap_err(),
            FileError::Magic { .. }
        ));
        let e = open(&dir.join("missing.db"), &h).unwrap_err();
        assert!(matches!(e, FileError::Io { .. }), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bytes_are_the_file_s_and_are_checked_as_it_is() {
        let dir = temp_dir("bytes");
        let path = dir.join("b.db");
        let values: Vec<u8> = (0..20u8).collect();
        let h = header(&values);
        write(&path, &h, &values).unwrap();
        let name = Path::new("b.db");
        let bytes = to_bytes(name, &h, &values).unwrap();
        assert_eq!(bytes, std::fs::read(&path).unwrap());
        let (read_header, read_values) = from_bytes(name, &bytes, &h).unwrap();
        assert_eq!(read_values, values.as_slice());
        assert_eq!(read_header.checksum, checksum(&values));
        // Refused as a file is: a flipped value, another rule set, a cut, no header.
        let mut flipped = bytes.clone();
        flipped[HEADER_LEN + 3] ^= 1;
        let e = from_bytes(name, &flipped, &h).unwrap_err();
        assert!(matches!(e, FileError::Checksum { .. }), "{e}");
        assert!(
            e.to_string().starts_with("b.db: the values are damaged"),
            "{e}"
        );
        let other = Header {
            variant: "pits=2 other".into(),
            ..h.clone()
        };
        assert!(matches!(
            from_bytes(name, &bytes, &other),
            Err(FileError::Mismatch {
                field: "variant",
                ..
            })
        ));
        assert!(matches!(
            from_bytes(name, &bytes[..bytes.len() - 1], &h),
            Err(FileError::Length { .. })
        ));
        assert!(matches!(
            from_bytes(name, &bytes[..10], &h),
            Err(FileError::Length { .. })
        ));
        assert!(matches!(
            to_bytes(name, &h, &values[..19]),
            Err(FileError::Mismatch {
                field: "entries",
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_that_do_not_fit_are_refused() {
        let h = Header {
            game: "a-game-name-longer-than-16".into(),
            ..header(&[])
        };
        assert!(matches!(
            h.to_bytes(),
            Err(FileError::TooLong { field: "game", .. })
        ));
    }

    #[test]
    fn bounds_files_hold_two_bytes_a_board_and_are_told_apart() {
        let dir = temp_dir("width");
        let path = dir.join("w.db");
        let values: Vec<u8> = (0..20u8).collect();
        let h = Header {
            entries: 10,
            width: 2,
            ..header(&values)
        };
        write(&path, &h, &values).unwrap();
        assert_eq!(open(&path, &h).unwrap(), values);
        let one = Header {
            width: 1,
            ..h.clone()
        };
        let e = open(&path, &one).unwrap_err();
        assert!(
            matches!(
                e,
                FileError::Mismatch {
                    field: "value kind",
                    ..
                }
            ),
            "{e}"
        );
        assert!(matches!(
            write(&path, &one, &values),
            Err(FileError::Mismatch {
                field: "entries",
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Bounds of the rows' split are written as version 2 with byte 95 set, the others
    /// as version 1 (byte 95 zero, the bytes of before); neither is read as the other,
    /// and a version that contradicts byte 95 is refused.
    #[test]
    fn endless_play_is_in_the_header_and_never_read_as_the_other() {
        let dir = temp_dir("endless");
        let path = dir.join("e.db");
        let values: Vec<u8> = (0..20u8).collect();
        let extremes = Header {
            entries: 10,
            width: 2,
            ..header(&values)
        };
        let rows = Header {
            endless: Endless::Rows,
            ..extremes.clone()
        };
        write(&path, &extremes, &values).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!((bytes[8], bytes[95]), (1, 0));
        assert_eq!(open(&path, &extremes).unwrap(), values);
        let e = open(&path, &rows).unwrap_err();
        assert!(
            matches!(
                e,
                FileError::Mismatch {
                    field: "endless play",
                    ..
                }
            ),
            "{e}"
        );
        assert!(
            e.to_string()
                .contains("endless play is \"extremes\", expected \"rows\""),
            "{e}"
        );
        write(&path, &rows, &values).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        assert_eq!((bytes[8], bytes[95]), (2, 1));
        assert_eq!(open(&path, &rows).unwrap(), values);
        let e = open(&path, &extremes).unwrap_err();
        assert!(
            matches!(
                e,
                FileError::Mismatch {
                    field: "endless play",
                    ..
                }
            ),
            "{e}"
        );
        // Version 1 with byte 95 set, version 2 without: refused, the header
        // checksum made right so that only the contradiction is left.
        for (version, code) in [(1u8, 1u8), (2, 0), (2, 2)] {
            (bytes[8], bytes[95]) = (version, code);
            let own = checksum_chunk(&bytes[..112]);
            bytes[112..120].copy_from_slice(&own.to_le_bytes());
            std::fs::write(&path, &bytes).unwrap();
            let e = open(&path, &rows).unwrap_err();
            assert!(
                matches!(e, FileError::HeaderChecksum { .. }),
                "{version} {code}: {e}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn checksum_sees_every_byte_and_the_length() {
        let base: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
        let c = checksum(&base);
        for i in (0..base.len()).step_by(97) {
            let mut v = base.clone();
            v[i] ^= 0x40;
            assert_ne!(checksum(&v), c, "byte {i}");
        }
        assert_ne!(checksum(&base[..2999]), c);
        let mut longer = base.clone();
        longer.push(0);
        assert_ne!(checksum(&longer), c);
    }
}
