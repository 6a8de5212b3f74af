// Whether a process is alive, by its pid: for lock and marker files that name
// their holder, so one left by a process that died is not taken for a holder.
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // it exists, but belongs to another user
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
