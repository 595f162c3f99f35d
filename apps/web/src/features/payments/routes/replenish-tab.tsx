// Seam for issue 11: replaced by its screen (the layout shows the section's title meanwhile).
export default function Screen() {
  return null;
}
