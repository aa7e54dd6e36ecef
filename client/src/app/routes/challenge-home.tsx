// Placeholder until its issue lands.
export default function Route() {
  return <p className="py-8 text-center text-muted-foreground">This screen is coming in this version.</p>;
}
