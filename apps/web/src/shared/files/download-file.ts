// Hands data the page holds to the browser as a file download.
export function downloadFile(fileName: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the data once it started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
