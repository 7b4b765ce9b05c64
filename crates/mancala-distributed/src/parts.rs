//! Partition files and manifests, and the merge into the database files of
//! [`mancala_solve::file`].
//!
//! Each worker writes its block of the table of `n` seeds (the values' bytes of its
//! ranks, no header) to `<database file name>.w<worker>of<workers>` in its process's
//! parts folder; after every seed count the first worker of each process rewrites the
//! process's manifest, `manifest-p<process>.json`: the game, the cluster's shape, and
//! for each finished seed count the partitions of the process's workers (first rank,
//! boards, file, checksum of [`file::checksum`]).
//! [`merge`] reads the manifests of every process (their folders gathered in one) and
//! writes the database files, byte-identical to the single-machine build's.

use std::path::{Path, PathBuf};

use mancala_solve::Solvable;
use mancala_solve::db::Databases;
use mancala_solve::file::{self, checksum};
use serde::{Deserialize, Serialize};

use crate::blocks::block;
use crate::error::DistError;

/// One worker's block of one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// The worker.
    pub worker: usize,
    /// Its first rank.
    pub first: u64,
    /// Its boards.
    pub boards: u64,
    /// The partition file's name, in the manifest's folder.
    pub file: String,
    /// The checksum of its bytes.
    pub checksum: u64,
}

/// A finished seed count of one process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// The seed count.
    pub seeds: u32,
    /// The process's workers' partitions.
    pub parts: Vec<Part>,
}

/// A process's manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The game (`urim`).
    pub game: String,
    /// Its rule set.
    pub variant: String,
    /// Bytes a board.
    pub width: usize,
    /// Workers in the cluster.
    pub workers: usize,
    /// Worker threads a process.
    pub threads: usize,
    /// Processes.
    pub processes: usize,
    /// This process.
    pub process: usize,
    /// The seed counts finished, from 0.
    pub finished: Vec<Finished>,
}

/// What every worker agrees on: the game and the cluster's shape.
pub(crate) struct Layout {
    game: String,
    variant: String,
    width: usize,
    workers: usize,
    threads: usize,
    processes: usize,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DistError + '_ {
    move |source| DistError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn refused(path: &Path, reason: String) -> DistError {
    DistError::Parts {
        path: path.to_path_buf(),
        reason,
    }
}

/// The manifest's file of process `process` in `dir`.
#[must_use]
pub fn manifest_path(dir: &Path, process: usize) -> PathBuf {
    dir.join(format!("manifest-p{process}.json"))
}

/// Reads a manifest.
///
/// # Errors
/// [`DistError::Io`] if it cannot be read, [`DistError::Parts`] if it is not one.
pub fn read_manifest(path: &Path) -> Result<Manifest, DistError> {
    let text = std::fs::read_to_string(path).map_err(io(path))?;
    serde_json::from_str(&text).map_err(|e| refused(path, format!("not a manifest: {e}")))
}

/// The partition file of `worker`'s block of `seeds` seeds.
fn part_name(dbs: &Databases, seeds: u32, worker: usize, workers: usize) -> String {
    let db = dbs.path(Path::new(""), seeds);
    format!("{}.w{worker}of{workers}", db.display())
}

/// Writes `bytes` to `path` beside it and renames it into place.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), DistError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(io(path))
}

impl Layout {
    pub(crate) fn new<G: Solvable>(
        game: &G,
        dbs: &Databases,
        workers: usize,
        threads: usize,
        processes: usize,
    ) -> Layout {
        Layout {
            game: game.name().to_string(),
            variant: game.variant(),
            width: dbs.width(),
            workers,
            threads,
            processes,
        }
    }

    fn part(&self, dir: &Path, dbs: &Databases, seeds: u32, worker: usize) -> (PathBuf, u64, u64) {
        let (a, b) = block(dbs.ranker().count(seeds), worker, self.workers);
        (
            dir.join(part_name(dbs, seeds, worker, self.workers)),
            a,
            b - a,
        )
    }

    /// Writes `worker`'s block of `seeds` seeds.
    pub(crate) fn write_part(
        &self,
        dir: &Path,
        dbs: &Databases,
        seeds: u32,
        worker: usize,
        values: &[u8],
    ) -> Result<(), DistError> {
        write_atomic(&self.part(dir, dbs, seeds, worker).0, values)
    }

    /// Rewrites `process`'s manifest with every seed count up to `seeds` (its
    /// workers' partitions, written: their checksums are read from the files).
    pub(crate) fn write_manifest(
        &self,
        dir: &Path,
        dbs: &Databases,
        process: usize,
        seeds: u32,
    ) -> Result<(), DistError> {
        let path = manifest_path(dir, process);
        let mut finished = match read_manifest(&path) {
            Ok(m) if self.matches(&m) => m.finished,
            _ => Vec::new(),
        };
        finished.retain(|f| f.seeds < seeds);
        let mut parts = Vec::new();
        for worker in process * self.threads..(process + 1) * self.threads {
            let (file, first, boards) = self.part(dir, dbs, seeds, worker);
            let bytes = std::fs::read(&file).map_err(io(&file))?;
            parts.push(Part {
                worker,
                first,
                boards,
                file: part_name(dbs, seeds, worker, self.workers),
                checksum: checksum(&bytes),
            });
        }
        finished.push(Finished { seeds, parts });
        let m = Manifest {
            game: self.game.clone(),
            variant: self.variant.clone(),
            width: self.width,
            workers: self.workers,
            threads: self.threads,
            processes: self.processes,
            process,
            finished,
        };
        let text = serde_json::to_string_pretty(&m)
            .map_err(|e| refused(&path, format!("cannot write the manifest: {e}")))?;
        write_atomic(&path, text.as_bytes())
    }

    fn matches(&self, m: &Manifest) -> bool {
        m.game == self.game
            && m.variant == self.variant
            && m.width == self.width
            && m.workers == self.workers
            && m.threads == self.threads
            && m.processes == self.processes
    }

    /// `worker`'s blocks of the seed counts its process's manifest lists as finished,
    /// from 0 on, as long as each is there and whole (a missing or damaged partition
    /// ends the list: it is computed again).
    ///
    /// # Errors
    /// [`DistError::Parts`] if the manifest is of another game or cluster shape.
    pub(crate) fn load(
        &self,
        dir: &Path,
        dbs: &Databases,
        worker: usize,
    ) -> Result<Vec<Vec<u8>>, DistError> {
        let path = manifest_path(dir, worker / self.threads);
        let m = match read_manifest(&path) {
            Err(DistError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Vec::new());
            }
            r => r?,
        };
        if !self.matches(&m) {
            return Err(refused(
                &path,
                format!(
                    "of {} ({}), {} workers ({} a process, {} processes): this run is of {} \
                     ({}), {} workers ({} a process, {} processes); resume with the same \
                     game and cluster",
                    m.game,
                    m.variant,
                    m.workers,
                    m.threads,
                    m.processes,
                    self.game,
                    self.variant,
                    self.workers,
                    self.threads,
                    self.processes
                ),
            ));
        }
        let mut out = Vec::new();
        for (seeds, f) in m.finished.iter().enumerate() {
            let Some(part) = f.parts.iter().find(|p| p.worker == worker) else {
                break;
            };
            let (file, first, boards) = self.part(dir, dbs, seeds as u32, worker);
            if f.seeds != seeds as u32 || part.first != first || part.boards != boards {
                break;
            }
            match std::fs::read(&file) {
                Ok(bytes)
                    if bytes.len() as u64 == boards * self.width as u64
                        && checksum(&bytes) == part.checksum =>
                {
                    out.push(bytes);
                }
                _ => break,
            }
        }
        Ok(out)
    }
}

/// Merges the partitions in `parts` (the parts folders of every process, gathered in
/// one) into the database files of `game` in `out`, named and laid out as the
/// single-machine build writes them ([`Databases::path`], [`file::write`]), for every
/// seed count from 0 that every process has finished. Returns those seed counts.
///
/// # Errors
/// [`DistError::Parts`] if a manifest is missing, of another game, or its partitions
/// do not cover the table; [`DistError::Io`] if a partition cannot be read; those of
/// [`file::write`].
pub fn merge<G: Solvable>(game: &G, parts: &Path, out: &Path) -> Result<Vec<u32>, DistError> {
    let first = read_manifest(&manifest_path(parts, 0))?;
    if first.game != game.name() || first.variant != game.variant() {
        return Err(refused(
            &manifest_path(parts, 0),
            format!(
                "the partitions are of {} ({}), not {} ({})",
                first.game,
                first.variant,
                game.name(),
                game.variant()
            ),
        ));
    }
    let mut manifests = vec![first];
    for p in 1..manifests[0].processes {
        let path = manifest_path(parts, p);
        let m = read_manifest(&path)?;
        if (&m.game, &m.variant, m.workers, m.threads, m.processes)
            != (
                &manifests[0].game,
                &manifests[0].variant,
                manifests[0].workers,
                manifests[0].threads,
                manifests[0].processes,
            )
        {
            return Err(refused(
                &path,
                "of another game or cluster than manifest-p0.json".to_string(),
            ));
        }
        manifests.push(m);
    }
    let max = manifests
        .iter()
        .map(|m| m.finished.len() as u32)
        .min()
        .unwrap_or(0);
    let dbs = Databases::new(game, max.saturating_sub(1))?;
    std::fs::create_dir_all(out).map_err(io(out))?;
    let mut merged = Vec::new();
    for seeds in 0..max {
        let mut ps: Vec<&Part> = manifests
            .iter()
            .flat_map(|m| m.finished.get(seeds as usize).into_iter())
            .filter(|f| f.seeds == seeds)
            .flat_map(|f| f.parts.iter())
            .collect();
        ps.sort_by_key(|p| p.first);
        let header = dbs.header(seeds);
        let mut values = Vec::with_capacity((header.entries * u64::from(header.width)) as usize);
        let mut next = 0;
        for p in ps {
            let path = parts.join(&p.file);
            if p.first != next {
                return Err(refused(
                    &path,
                    format!(
                        "starts at rank {}, the partitions before end at {next}",
                        p.first
                    ),
                ));
            }
            let bytes = std::fs::read(&path).map_err(io(&path))?;
            if bytes.len() as u64 != p.boards * u64::from(header.width)
                || checksum(&bytes) != p.checksum
            {
                return Err(refused(
                    &path,
                    "damaged: its length or checksum is not the manifest's".to_string(),
                ));
            }
            values.extend_from_slice(&bytes);
            next += p.boards;
        }
        if next != header.entries {
            return Err(refused(
                parts,
                format!(
                    "the partitions of {seeds} seeds cover {next} of {} boards",
                    header.entries
                ),
            ));
        }
        file::write(&dbs.path(out, seeds), &header, &values)?;
        merged.push(seeds);
    }
    Ok(merged)
}
