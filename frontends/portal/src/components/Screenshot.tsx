/** Honest illustrations of the desktop app's six screens, drawn, not photographed. */
export const SCREENS = [
  { id: 'dashboard', title: 'Dashboard', caption: 'Your clients, recent filings and certificates at a glance.' },
  { id: 'clientmaster', title: 'Client master', caption: 'Every client with PAN, contact and folder in one list.' },
  { id: 'setup', title: 'Setup', caption: 'Point the app at your client folders once; it indexes them.' },
  { id: 'filemanager', title: 'File manager', caption: 'Browse ITRs and computations by client and year.' },
  { id: 'turnover', title: 'Turnover certificate', caption: 'Generate a turnover certificate from the filed figures.' },
  { id: 'networth', title: 'Networth certificate', caption: 'Prepare a networth certificate in minutes.' },
] as const;

export function Screenshot({ index }: { index: number }) {
  const screen = SCREENS[index]!;
  const rows = [0, 1, 2, 3, 4].map((row) => (
    <g key={row}>
      <rect x="150" y={78 + row * 34} width={300 - (row % 3) * 40} height="14" rx="4" fill="#cbd5e1" />
      <rect x="470" y={78 + row * 34} width="80" height="14" rx="4" fill={row === 1 ? '#93c5fd' : '#e2e8f0'} />
    </g>
  ));
  return (
    <svg
      viewBox="0 0 600 280"
      role="img"
      aria-label={`Illustration of the ${screen.title} screen: ${screen.caption}`}
      className="screenshot"
    >
      <rect width="600" height="280" rx="12" fill="#f8fafc" stroke="#cbd5e1" />
      <rect width="600" height="36" rx="12" fill="#1d4ed8" />
      <text x="20" y="24" fill="#fff" fontSize="15" fontFamily="sans-serif">{`Tax Practitioner: ${screen.title}`}</text>
      <rect x="16" y="52" width="110" height="212" rx="8" fill="#e2e8f0" />
      {[0, 1, 2, 3, 4, 5].map((item) => (
        <rect
          key={item}
          x="28"
          y={66 + item * 30}
          width="86"
          height="14"
          rx="4"
          fill={SCREENS[item]!.id === screen.id ? '#1d4ed8' : '#94a3b8'}
        />
      ))}
      <text x="150" y="64" fill="#0f172a" fontSize="14" fontFamily="sans-serif">
        {screen.caption}
      </text>
      {rows}
    </svg>
  );
}
