// The country breakdown as a choropleth: Natural Earth's 1:110m countries (world-atlas), keyed by
// ISO 3166 alpha-2 as Apple reports them. Loaded on demand with its data; the table beside it is
// the accessible equivalent, and each country's title names it with its value.
import { useMantineTheme } from '@mantine/core';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { numericToAlpha2 } from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

const WIDTH = 960;
const HEIGHT = 470;
/** Antarctica: no App Store, and it takes a fifth of the map. */
const ANTARCTICA = '010';

interface CountryShape {
  /** Alpha-2 code, or null for the few shapes without an ISO code (disputed areas). */
  code: string | null;
  name: string;
  path: string;
}

let shapes: CountryShape[] | undefined;

function countryShapes(): CountryShape[] {
  if (shapes) return shapes;
  const topology = countries110m as unknown as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<
    Geometry,
    { name: string }
  >;
  const features = collection.features.filter((country) => country.id !== ANTARCTICA);
  const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], {
    type: 'FeatureCollection',
    features,
  });
  const path = geoPath(projection);
  shapes = features.map((country: Feature<Geometry, { name: string }>) => ({
    code: country.id === undefined ? null : (numericToAlpha2(country.id) ?? null),
    name: country.properties.name,
    path: path(country) ?? '',
  }));
  return shapes;
}

export interface WorldMapProps {
  /** The chosen metric per country, keyed by alpha-2 code; null where it is undefined. */
  values: ReadonlyMap<string, number | null>;
  /** "Spend by country or region". */
  label: string;
  formatValue(value: number | null): string;
  countryName(code: string): string;
}

export default function WorldMap({ values, label, formatValue, countryName }: WorldMapProps) {
  const theme = useMantineTheme();
  const max = Math.max(0, ...[...values.values()].map((value) => value ?? 0));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="world-map"
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      {countryShapes().map((country, index) => {
        const value = country.code ? values.get(country.code) : undefined;
        const intensity = value && max > 0 ? value / max : 0;
        const name = country.code ? countryName(country.code) : country.name;
        return (
          <path
            key={country.code ?? `shape-${index}`}
            d={country.path}
            data-country={country.code ?? undefined}
            fill={value === undefined ? theme.colors.gray[2] : theme.colors.blue[7]}
            fillOpacity={value === undefined ? 1 : 0.12 + 0.88 * intensity}
            stroke={theme.white}
            strokeWidth={0.5}
          >
            <title>{value === undefined ? name : `${name}: ${formatValue(value)}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
