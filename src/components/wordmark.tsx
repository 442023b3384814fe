export function Wordmark({ size = 28, inverse = false }: { size?: number; inverse?: boolean }) {
  return (
    <span
      style={{
        fontFamily: 'Georgia, "Times New Roman", serif',
        fontWeight: 700,
        fontSize: size,
        letterSpacing: 1,
        color: inverse ? "#fff" : "#1d3b6f",
        lineHeight: 1.2,
      }}
    >
      Lectern
    </span>
  );
}
