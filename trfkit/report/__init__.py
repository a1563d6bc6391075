"""Reports of check results: text, JSON, GitHub annotations and the HTML report."""
