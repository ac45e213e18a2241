package sqlstore

// LargestHomeBatch is the most home reads one statement of w has served.
func LargestHomeBatch(w *Wallet) int {
	w.homes.mu.Lock()
	defer w.homes.mu.Unlock()
	return w.homes.largest
}
