@_exported import Courier
